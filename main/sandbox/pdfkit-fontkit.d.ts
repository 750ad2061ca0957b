// pdfkit takes a font fontkit has already parsed as well as a file or its bytes (its PDFFontFactory.open); its
// types list only the file and the bytes.
import type { Font } from 'fontkit';

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      font(src: PDFFontSource | Font, size?: number): this;
    }
  }
}
