export declare const PROJECT_ROOT: string;
export declare const AGENTS_DIR: string;
export declare function agentsProblems(dir?: string): string[];
export declare class AgentsInstallError extends Error {}
export declare function ensureAgents(opts?: {
  dir?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): { installed: boolean };
