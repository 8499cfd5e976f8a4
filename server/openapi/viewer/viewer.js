// Swagger UI on this server's own OpenAPI document (no inline script: the page's CSP allows none).
window.addEventListener('load', () => {
  window.ui = window.SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // Tags start collapsed: this Swagger UI build drew only the first five of about 120 operations
    // expanded (no error anywhere); collapsed, every tag is there and each opens on a click.
    docExpansion: 'none',
  });
});
