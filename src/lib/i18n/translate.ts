export type Params = Record<string, string | number>;

/** Fills `{name}` placeholders; a missing parameter stays visible rather than vanishing. */
export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
