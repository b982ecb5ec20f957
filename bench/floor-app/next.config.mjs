// The floor app's own (empty) config: without one, next build finds the forum's next.config.ts in a parent folder.
const config = {};
export default config;
