// The types of readmeLinks.cjs, for the TypeScript that imports it (it stays CommonJS: lint-package.mjs imports it too).
export declare function linkTargets(markdown: string): { target: string; line: number; image: boolean }[];
export declare function missingRelativeTargets(markdown: string, files: string[]): string[];
