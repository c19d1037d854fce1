// The part of `fontkit` (pdfkit's font engine, without bundled types) the report PDF uses: a
// TrueType file parsed once, handed to pdfkit as a font it lays text out with.
declare module 'fontkit' {
  export interface Font {
    readonly postscriptName: string;
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array): Font;
}
