import type { Language } from "@shop/contract/languages";
import type { Profile, ProfileUpdate } from "@shop/contract/profile";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { profiles, users } from "../db/schema";
import { notFound } from "../http/problem";
import { findUserByEmail } from "../users/service";

async function profileOwner(db: Db, email: string) {
  const owner = await findUserByEmail(db, email);
  if (!owner) throw notFound("No account has this e-mail.");
  return owner;
}

/** The account's profile, with empty fields until it is first saved; 404 for no such account. */
export async function readProfile(db: Db, email: string): Promise<Profile> {
  const owner = await profileOwner(db, email);
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, owner.id)).limit(1);
  return {
    email: owner.email,
    city: profile?.city ?? "",
    qualification: profile?.qualification ?? "",
    phone: profile?.phone ?? "",
  };
}

/** Saves the profile; a second save replaces the first. */
export async function saveProfile(db: Db, email: string, update: ProfileUpdate): Promise<Profile> {
  const owner = await profileOwner(db, email);
  const { city, qualification, phone } = update;
  await db
    .insert(profiles)
    .values({ userId: owner.id, city, qualification, phone })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: { city, qualification, phone, updatedAt: new Date() },
    });
  return { email: owner.email, city, qualification, phone };
}

/** Remembers the account's language: its pages open in it and its mails are written in it. */
export async function saveAccountLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
