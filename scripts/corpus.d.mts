export declare const PROJECT_ROOT: string;
export declare const CORPUS_DIR: string;
export declare function corpusRepos(): string[];
export declare function storedLinkTarget(repoDir: string, rel: string): string | null;
export declare function materialize(name: string): { dir: string; links: string[]; cleanup: () => void };
export declare function corpusPresent(): boolean;
export declare function corpusNotice(dir?: string): string;
