// What is wrong with a field, under it and named by its aria-describedby; announced as it appears.
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-semibold text-red-800">
      {message}
    </p>
  );
}
