import {
  get,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from "react-hook-form";

/** What a TextField, SelectField or TextareaField takes from a form: its registration and message. */
export type RegisteredField<Name extends string = string> = UseFormRegisterReturn<Name> & {
  error: string | undefined;
};

/**
 * react-hook-form's register() and the field's validation message in one spread
 * (`<TextField label="City" {...field("delivery.city")} />`): a field and its message always go
 * together, and the field shows the message under the control, linked for assistive technology.
 */
export function registerWithErrors<Values extends FieldValues>(
  register: UseFormRegister<Values>,
  errors: FieldErrors<Values>,
) {
  return <Name extends FieldPath<Values>>(name: Name): RegisteredField<Name> => ({
    ...register(name),
    error: (get(errors, name) as { message?: string } | undefined)?.message,
  });
}

/**
 * Every form's react-hook-form setup: the schema's resolver checks each field once it has been
 * left ("onTouched") and again as it changes, from the given starting values; `field` registers a
 * field together with its message (registerWithErrors).
 */
export function useValidatedForm<Input extends FieldValues, Output>(
  resolver: Resolver<Input, unknown, Output>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Output>({ resolver, mode: "onTouched", defaultValues });
  return { ...form, field: registerWithErrors(form.register, form.formState.errors) };
}
