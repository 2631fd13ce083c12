import { useState } from "react";
import { useTranslation } from "~/i18n/react";

export type CountryOption = { countryCode: string; countryDialingCode: string; name?: string | null };

/** Dialing code picker with the country's flag (from the platform's image host). */
export function CountrySelect({
  countries,
  name = "countryDialingCode",
  defaultValue,
}: {
  countries: CountryOption[];
  name?: string;
  defaultValue?: string;
}) {
  const { t } = useTranslation("auth");
  const first = countries.find((c) => c.countryDialingCode === defaultValue) ?? countries[0];
  const [code, setCode] = useState(first?.countryCode);
  if (countries.length === 0) return <input type="hidden" name={name} value={defaultValue ?? ""} />;
  return (
    // At most 45% of the row: the number typed beside it keeps at least half the form's width
    // (a long country name is cut in the closed picker, and shown whole in its list).
    <label
      className="flex min-w-0 max-w-[45%] items-center gap-1 rounded-lg border border-white/15 bg-night px-2"
      data-testid="dialing-code"
    >
      <span className="sr-only">{t("field.countryDialingCode")}</span>
      {code ? <img src={`/media/flag/${code}.svg`} alt="" width={20} height={14} className="h-3.5 w-5 rounded-sm" /> : null}
      <select
        name={name}
        defaultValue={first?.countryDialingCode}
        onChange={(e) => setCode(countries.find((c) => c.countryDialingCode === e.target.value)?.countryCode)}
        className="w-full min-w-0 bg-transparent py-2.5 text-base text-ink"
      >
        {countries.map((c) => (
          // The code is isolated left to right (U+2066…U+2069): "+880", not "880+", in an Urdu page.
          <option
            key={c.countryCode}
            value={c.countryDialingCode}
          >{`\u2066+${c.countryDialingCode}\u2069 ${c.name ?? c.countryCode}`}</option>
        ))}
      </select>
    </label>
  );
}
