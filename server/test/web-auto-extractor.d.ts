// The part of @marbec/web-auto-extractor (structured data read from HTML) the recipe JSON-LD test uses.
declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: boolean | string[] });
    parse(html: string): {
      jsonld: Record<string, Array<Record<string, unknown>>>;
      microdata: Record<string, Array<Record<string, unknown>>>;
    };
  }
}
