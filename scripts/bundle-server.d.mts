// Types of bundle-server.mjs for the TypeScript that imports it (the tests' global set-ups).

/** The bundle, from the repository's root. */
export declare const serverBundle: string;

/** A hash of the files under each input (relative to the root), their names included. */
export declare function fingerprint(inputs: string[]): string;

/** Builds the bundle when the server's or shared's sources changed since the last build. */
export declare function bundleServerIfChanged(): Promise<void>;

/**
 * The simulator's command line in one file (server/dist/sim/NAME.mjs), with a source mutant's
 * patch applied when `source` is given; answers the file's path.
 */
export declare function bundleSimulator(
  name: string,
  source?: { file: string; find: string; replace: string },
): Promise<string>;
