import { verificationMessages } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';
import { useContractText } from '../../shared/i18n/contractText';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';

/** Spec 3 §6, §8: an account page without a stored user id says so and offers the login. */
export function UserIdMissing() {
  const { t } = useLingui();
  const contractText = useContractText();
  return <LoginPrompt title={contractText(verificationMessages.userIdMissing)} text={t`Log in to see your account.`} />;
}
