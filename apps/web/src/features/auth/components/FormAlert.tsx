import { useContractText } from '../../../shared/i18n/contractText';

interface FormAlertProps {
  error?: string | null;
  success?: string | null;
}

/**
 * The form's one message line: an error wins over a success notice. Both may be the contract's or
 * the server's English words, so they are translated here, where every form shows them.
 */
export function FormAlert({ error, success }: FormAlertProps) {
  const contractText = useContractText();
  if (error) {
    return (
      <p className="form-error" role="alert">
        {contractText(error)}
      </p>
    );
  }
  if (success) {
    return (
      <p className="form-success" role="status">
        {contractText(success)}
      </p>
    );
  }
  return null;
}
