import { useTranslation } from "~/i18n/react";

export type SliderChallengeView = {
  challengeId: string;
  width: number;
  height: number;
  pieceSize: number;
  pieceY: number;
  background: string;
  piece: string;
};

/**
 * The slide puzzle. The piece is the thumb of a range input laid over the gap's row, so dragging
 * the thumb moves the piece itself: it works by touch, mouse and keyboard, and without JavaScript.
 */
export function SliderCaptcha({ challenge, error }: { challenge: SliderChallengeView; error?: string }) {
  const { t } = useTranslation("auth");
  const { width, height, pieceSize, pieceY } = challenge;
  const style = {
    "--piece": `url(data:image/png;base64,${challenge.piece})`,
    "--size": `${pieceSize}px`,
    top: pieceY,
    width,
    height: pieceSize,
  } as React.CSSProperties;
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium">{t("slider.title")}</legend>
      {/* The puzzle is a picture with x measured from its left edge: it stays left to right in Urdu too. */}
      <div dir="ltr" className="relative overflow-hidden rounded-lg" style={{ width, height, maxWidth: "100%" }}>
        <img src={`data:image/png;base64,${challenge.background}`} width={width} height={height} alt="" className="block" />
        <input
          type="range"
          name="sliderX"
          min={0}
          max={width - pieceSize}
          step={1}
          defaultValue={0}
          aria-label={t("slider.label")}
          className="slider-piece absolute left-0"
          style={style}
        />
      </div>
      <input type="hidden" name="sliderChallengeId" value={challenge.challengeId} />
      <p className="text-xs text-ink-dim">{t("slider.hint")}</p>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}
