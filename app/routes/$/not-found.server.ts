// Any path no route claims: a real 404 page with status 404.
export function notFoundLoader() {
  throw new Response(null, { status: 404 });
}
