import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { useWatch } from "react-hook-form";

import { Button } from "@/components/button";
import { Form } from "@/components/form";
import { FormAlert } from "@/components/form-alert";
import { SelectField } from "@/components/select-field";
import { TextField } from "@/components/text-field";
import { TextareaField } from "@/components/textarea-field";
import { ProductImageField } from "@/features/admin/components/product-image-field";
import { useImageUpload } from "@/features/admin/hooks/use-image-upload";
import { t } from "@/features/admin/messages";
import {
  CATEGORY_OPTIONS,
  PRODUCT_FORM_FIELDS,
  STATUS_OPTIONS,
  productFormSchema,
  splitServerErrors,
  type ProductFormValues,
  type ProductPayload,
} from "@/features/admin/utils/product-form";
import { useValidatedForm } from "@/lib/form-fields";
import { getErrorMessage, isApiError } from "@/lib/api-client";
import { shopCurrency } from "@/lib/shop-currency";

export type ProductFormProps = {
  /** Names the form for assistive technology, e.g. "Add product". */
  label: string;
  defaultValues: ProductFormValues;
  submitLabel: string;
  /** Sends the payload; a rejection's field messages are shown on their fields. */
  onSubmit: (payload: ProductPayload) => Promise<unknown>;
  /** After a successful save: start again from `defaultValues` (adding one product after another). */
  resetOnSuccess?: boolean;
  /** E.g. a Cancel button beside the submit button. */
  secondaryAction?: ReactNode;
};

/**
 * Name, price, image (address or upload), description, category and stock, checked with the
 * API's own rules and SPEC's messages before anything is sent; the server's messages land on
 * the same fields. Used to add a product and to edit one.
 */
export function ProductForm({
  label,
  defaultValues,
  submitLabel,
  onSubmit,
  resetOnSuccess = false,
  secondaryAction,
}: ProductFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
    field,
  } = useValidatedForm<ProductFormValues, ProductPayload>(zodResolver(productFormSchema), defaultValues);
  const image = useWatch({ control, name: "image" });
  const upload = useImageUpload({
    onUploaded: (path) =>
      setValue("image", path, { shouldValidate: true, shouldDirty: true, shouldTouch: true }),
  });

  const submit = handleSubmit(async (payload) => {
    setFormError(null);
    try {
      await onSubmit(payload);
    } catch (error) {
      const { fields, other } = splitServerErrors(isApiError(error) ? error.errors : {});
      let focused = false;
      for (const field of PRODUCT_FORM_FIELDS) {
        const message = fields[field];
        if (!message) continue;
        setError(field, { type: "server", message }, { shouldFocus: !focused });
        focused = true;
      }
      setFormError(other.length > 0 ? other.join(" ") : focused ? null : getErrorMessage(error));
      return;
    }
    if (resetOnSuccess) {
      reset(defaultValues);
      upload.reset();
    }
  });

  return (
    <Form
      label={label}
      onSubmit={submit}
      className="flex flex-col gap-6 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("admin.form.name")}
          autoComplete="off"
          maxLength={120}
          required
          className="sm:col-span-2"
          {...field("productname")}
        />
        <TextField
          label={t("admin.form.price", {
            currency: shopCurrency().code === "USD" ? "US$" : shopCurrency().code,
          })}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          required
          {...field("price")}
        />
        <SelectField
          label={t("admin.form.category")}
          placeholder={t("admin.form.chooseCategory")}
          options={CATEGORY_OPTIONS}
          // Selected from the first render (react-hook-form sets it too, once registered).
          defaultValue={defaultValues.catagory}
          required
          {...field("catagory")}
        />
        <TextField
          label={t("admin.form.stock")}
          type="number"
          inputMode="numeric"
          min={0}
          max={100_000}
          step={1}
          hint={t("admin.form.stockHint")}
          {...field("stock")}
        />
        <SelectField
          label={t("admin.form.status")}
          options={STATUS_OPTIONS}
          defaultValue={defaultValues.status}
          hint={t("admin.form.statusHint")}
          {...field("status")}
        />
        <TextField
          label={t("admin.form.publishAt")}
          type="datetime-local"
          hint={t("admin.form.publishAtHint")}
          {...field("publishAt")}
        />
      </div>
      <ProductImageField
        value={image}
        inputProps={{ required: true, ...register("image") }}
        error={errors.image?.message}
        uploadState={upload.state}
        onFile={(file) => void upload.upload(file)}
        onCancelUpload={upload.cancel}
      />
      <TextareaField
        label={t("admin.form.description")}
        rows={5}
        maxLength={2000}
        required
        {...field("description")}
      />
      <FormAlert>{formError}</FormAlert>
      <div className="flex flex-wrap gap-3">
        <Button submit size="lg" isLoading={isSubmitting} disabled={upload.isUploading}>
          {submitLabel}
        </Button>
        {secondaryAction}
      </div>
    </Form>
  );
}
