// Types of build-server.mjs, for the benchmark (TypeScript) that builds and starts the server.
export declare const SERVER_ENTRY: string;
export declare const SERVER_BUNDLE: string;
export declare const SERVER_NODE_FLAGS: string[];
export declare function buildServer(): Promise<void>;
