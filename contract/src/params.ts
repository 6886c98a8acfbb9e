import { z } from "zod";

/** SPEC's routes that name an account by e-mail in the path (`/api/carts/{email}`, `/api/users/{email}` …). */
export const emailParamsSchema = z.object({ email: z.string().trim().min(3).max(254) });
