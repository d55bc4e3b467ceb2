/** The address shown in the footer. Placeholder until the product's real support address is decided. */
export const CONTACT_EMAIL = 'hello@live-wedding-gallery.example';
