import { useTranslation } from "~/i18n/react";
import { useMessage } from "./field";

/** Up to three png or jpg pictures (feedback, promotion applications), with their rule and error. */
export function PicturesField({ id, label, error }: { id: string; label: string; error?: string }) {
  const { t } = useTranslation();
  const tr = useMessage();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="file"
        name="images"
        accept="image/png,image/jpeg"
        multiple
        className="mt-1 block w-full text-sm"
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-ink-dim">
        {t("feedback.imagesHint")}
      </p>
      {error ? <p className="field-error">{tr(error)}</p> : null}
    </div>
  );
}
