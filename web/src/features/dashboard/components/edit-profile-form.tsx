import { zodResolver } from "@hookform/resolvers/zod";
import { profileUpdateSchema, type Profile } from "@shop/contract/profile";
import { useNavigate } from "react-router";
import type { z } from "zod";

import { Button } from "@/components/button";
import { Form } from "@/components/form";
import { FormAlert } from "@/components/form-alert";
import { PhoneField, TextField } from "@/components/text-field";
import { paths } from "@/config/paths";
import { useUpdateProfile } from "@/features/dashboard/api/update-profile";
import { t } from "@/features/dashboard/messages";
import { useValidatedForm } from "@/lib/form-fields";
import { getErrorMessage, isApiError } from "@/lib/api-client";
import { notifyUpdated } from "@/lib/toast";

const editProfileSchema = profileUpdateSchema.omit({ email: true });
type EditProfileInput = z.input<typeof editProfileSchema>;
type EditProfileValues = z.output<typeof editProfileSchema>;
const FIELDS = ["qualification", "city", "phone"] as const;

/**
 * Qualification, city and phone, all required (SPEC section 5), prefilled with the current
 * profile. On success: the form resets, 'Your Profile Updated' shows and the dashboard opens.
 */
export function EditProfileForm({ email, profile }: { email: string; profile: Profile }) {
  const navigate = useNavigate();
  const update = useUpdateProfile(email);
  const { handleSubmit, reset, setError, field } = useValidatedForm<EditProfileInput, EditProfileValues>(
    zodResolver(editProfileSchema),
    { qualification: profile.qualification, city: profile.city, phone: profile.phone },
  );

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset({ qualification: saved.qualification, city: saved.city, phone: saved.phone });
        notifyUpdated(t("dashboard.profileUpdated"));
        void navigate(paths.dashboard.root.getHref());
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        for (const field of FIELDS) {
          const message = error.errors[field];
          if (message) setError(field, { message }, { shouldFocus: true });
        }
      },
    }),
  );

  return (
    <Form
      label={t("dashboard.editProfile.formLabel")}
      onSubmit={onSubmit}
      className="flex max-w-xl flex-col gap-5 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-8"
    >
      <TextField
        label={t("dashboard.profile.qualification")}
        autoComplete="off"
        required
        {...field("qualification")}
      />
      <TextField
        label={t("dashboard.profile.city")}
        autoComplete="address-level2"
        required
        {...field("city")}
      />
      <PhoneField hint={t("dashboard.editProfile.phoneHint")} {...field("phone")} />
      <FormAlert>{update.isError ? getErrorMessage(update.error) : null}</FormAlert>
      <div className="flex flex-wrap gap-3">
        <Button submit size="lg" isLoading={update.isPending}>
          {t("dashboard.editProfile.save")}
        </Button>
        <Button to={paths.dashboard.root.getHref()} variant="light" size="lg">
          {t("dashboard.cancel")}
        </Button>
      </div>
    </Form>
  );
}
