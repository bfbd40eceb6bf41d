/** A form's problem line in the form's own style, read out when it appears; nothing when there is none. */
export function FormAlert({ message, className }: { message: string | null | undefined; className: string | undefined }) {
  if (!message) return null;
  return (
    <p className={className} role="alert">
      {message}
    </p>
  );
}
