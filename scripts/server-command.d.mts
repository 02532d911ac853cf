/** The Node flags the compiled server runs with. */
export declare const SERVER_NODE_FLAGS: readonly string[];
/** The server as `npm run build` compiles it. */
export declare const SERVER_MAIN: string;
/** The seed command as `npm run build` compiles it. */
export declare const SEED_MAIN: string;
