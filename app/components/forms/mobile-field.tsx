import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/react";
import { CountrySelect, type CountryOption } from "./country-select";
import { useMessage } from "./field";

/** A mobile number with its country dialing code (name countryDialingCode) and its first error. */
export function MobileField({
  meta,
  countries,
  defaultDialingCode,
}: {
  meta: FieldMetadata<string | undefined>;
  countries: CountryOption[];
  defaultDialingCode?: string;
}) {
  const { t } = useTranslation("auth");
  const tr = useMessage();
  return (
    <div>
      <label htmlFor={meta.id} className="text-sm font-medium">
        {t("auth:field.mobileNum")}
      </label>
      <div className="mt-1 flex gap-2">
        <CountrySelect countries={countries} defaultValue={defaultDialingCode} />
        <input
          {...getInputProps(meta, { type: "tel" })}
          className="field mt-0 min-w-0 flex-1"
          autoComplete="tel-national"
          inputMode="numeric"
        />
      </div>
      {meta.errors?.[0] ? (
        <p id={meta.errorId} className="field-error">
          {tr(meta.errors[0])}
        </p>
      ) : null}
    </div>
  );
}
