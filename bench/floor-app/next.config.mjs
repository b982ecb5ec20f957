// The floor app has its own (empty) config: without one, next build finds the forum's next.config.ts in a parent folder.
export default {};
