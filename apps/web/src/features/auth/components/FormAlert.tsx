interface FormAlertProps {
  error?: string | null;
  success?: string | null;
}

/** The form's one message line: an error wins over a success notice. */
export function FormAlert({ error, success }: FormAlertProps) {
  if (error) {
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p className="form-success" role="status">
        {success}
      </p>
    );
  }
  return null;
}
