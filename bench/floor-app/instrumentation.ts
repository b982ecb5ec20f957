// The floor app's own (empty) instrumentation hook: without one, Turbopack takes the forum's
// instrumentation.ts from the project root (the folder with the lockfile) and the build fails.
export function register() {}
