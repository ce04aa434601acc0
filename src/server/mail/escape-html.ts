// Text placed into the HTML of an e-mail or a server-rendered page: every character that could open a
// tag, end an attribute or start an entity is escaped, so a name or a three-word location is only text.

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}
