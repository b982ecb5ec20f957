import "server-only";
import bcrypt from "bcryptjs";

const ROUNDS = Number(process.env.BCRYPT_ROUNDS || 10);

export const hashPassword = (password: string) => bcrypt.hash(password, ROUNDS);
export const verifyPassword = (password: string, hash: string | null | undefined) =>
  hash ? bcrypt.compare(password, hash) : Promise.resolve(false);
