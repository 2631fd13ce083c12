// Validation messages travel as strings (conform's errors) from a schema shared by the
// browser and the server: a translation key, optionally with its (min) and (max).

export function message(key: string, min?: number | null, max?: number | null): string {
  return min === undefined || min === null ? key : `${key}|${min}|${max ?? min}`;
}

export function readMessage(text: string): { key: string; min?: number; max?: number } {
  const [key = "", min, max] = text.split("|");
  return min === undefined ? { key } : { key, min: Number(min), max: Number(max) };
}
