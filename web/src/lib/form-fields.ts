import {
  get,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
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
