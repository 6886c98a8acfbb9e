import { z } from "zod";
import { SUPPORTED_LANGUAGES } from "./languages";

export const PROFILE_MESSAGES = {
  qualificationRequired: "Qualification is Required",
  cityRequired: "City/District is Required",
  phoneRequired: "Phone No. is Required",
  phoneInvalid: "Phone No. must be 6 to 20 digits, optionally starting with +",
} as const;

export const PHONE_PATTERN = /^\+?\d{6,20}$/;

/** PUT /profile/{email}: every field required; unknown fields (a `role`, say) are dropped. */
export const profileUpdateSchema = z.object({
  qualification: z
    .string({ message: PROFILE_MESSAGES.qualificationRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.qualificationRequired)
    .max(100, "Qualification must be at most 100 characters"),
  city: z
    .string({ message: PROFILE_MESSAGES.cityRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.cityRequired)
    .max(100, "City/District must be at most 100 characters"),
  phone: z
    .string({ message: PROFILE_MESSAGES.phoneRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.phoneRequired)
    .regex(PHONE_PATTERN, PROFILE_MESSAGES.phoneInvalid),
  /** SPEC's payload carries it; the path names whose profile this is. */
  email: z.string().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profileSchema = z.object({
  email: z.string(),
  city: z.string(),
  qualification: z.string(),
  phone: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PUT /account/language: the language the account's pages and mails come in (decision 041). */
export const accountLanguageSchema = z.object({
  language: z.enum(SUPPORTED_LANGUAGES, {
    message: `language must be one of ${SUPPORTED_LANGUAGES.join(", ")}`,
  }),
});
export type AccountLanguage = z.infer<typeof accountLanguageSchema>;
