/** A 24x24 outline icon from one or more SVG path strings; sized and coloured by its container. */
export function Icon({ path, size = 20, label }: { path: string | readonly string[]; size?: number; label?: string }) {
  const paths = typeof path === 'string' ? [path] : path;
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
