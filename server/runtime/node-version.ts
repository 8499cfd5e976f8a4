/**
 * The Node this process runs on. The project installs its own supported Node (the `node` package from
 * the npm registry) and every npm script runs on it; a machine's older system Node only runs npm itself.
 */
export const MINIMUM_NODE_MAJOR = 22;

export function runtimeNodeVersion(): string {
  return process.version;
}

/** Null when this Node is supported, else a sentence saying what to do. */
export function unsupportedRuntimeReason(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= MINIMUM_NODE_MAJOR) return null;
  return (
    `MediVault needs Node ${MINIMUM_NODE_MAJOR} or later and this is Node ${version}. ` +
    `Start it with 'npm start' (or another npm script), which runs on the Node that 'npm install' put in node_modules/.bin.`
  );
}
