/** Colours are fixed so the mark reads the same on light and dark pages. */
export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="App logo">' +
  '<defs><linearGradient id="logo-fill" x1="0" y1="0" x2="1" y2="1">' +
  '<stop offset="0" stop-color="#8250df"/><stop offset="1" stop-color="#0969da"/>' +
  "</linearGradient></defs>" +
  '<rect width="64" height="64" rx="16" fill="url(#logo-fill)"/>' +
  '<path d="M35.5 10 17 36h12.5L26 54l20.5-27H34z" fill="#fff"/>' +
  "</svg>";
