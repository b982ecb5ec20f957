// Auth.js browser sign-in, sign-out, session and CSRF endpoints.
import { handlers } from "@/lib/auth";

export const { GET, POST } = handlers;
