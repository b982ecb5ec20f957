// The markdown workers' entry (lib/markdown-pool.ts gives it to piscina): loads the TypeScript worker
// through tsx, which also resolves the project's "@/" paths. Registering again where the process was
// started with `--import tsx` is harmless.
import { register } from "tsx/esm/api";

register();
const worker = await import("./markdown-worker.ts");
export default worker.default;
