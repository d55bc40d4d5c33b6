// Kohyo's look for the API reference page: its own name as the top bar's logo and the favicon (no package's
// logo), and no box naming the address Swagger UI loaded the document from.

/** "Kohyo" in white on the top bar's dark ground; drawn with the reader's own sans-serif, so nothing is fetched. */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="40" viewBox="0 0 180 40" role="img" aria-label="Kohyo API">
<title>Kohyo API</title>
<rect x="1" y="4" width="32" height="32" rx="6" fill="#c0392b"/>
<text x="17" y="28" font-family="sans-serif" font-size="22" font-weight="700" fill="#ffffff" text-anchor="middle">公</text>
<text x="42" y="29" font-family="sans-serif" font-size="24" font-weight="700" fill="#ffffff">Kohyo API</text>
</svg>`;

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#c0392b"/>
<text x="16" y="24" font-family="sans-serif" font-size="22" font-weight="700" fill="#ffffff" text-anchor="middle">公</text></svg>`;

/**
 * The top bar's form shows the document's address and lets a reader load another one; the document is
 * /api/v1/openapi.json (linked under the title), so the form is hidden.
 */
const CSS = '.swagger-ui .topbar .download-url-wrapper { display: none; }\n';

export const REFERENCE_THEME = {
  title: 'Kohyo API reference',
  css: [{ filename: 'kohyo.css', content: CSS }],
  favicon: [{ filename: 'favicon.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: FAVICON_SVG }],
};

export const REFERENCE_LOGO = { type: 'image/svg+xml', content: LOGO_SVG, href: '/' };
