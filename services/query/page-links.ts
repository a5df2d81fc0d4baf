/**
 * JSON:API pagination links. They keep every other parameter of the request (filters, sort,
 * include) and only change page[number].
 */
export const pageLinks = (
  collectionUrl: string,
  originalUrl: string,
  page: { number: number; size: number },
  totalPages: number,
): Record<string, string | null> => {
  const parameters = new URLSearchParams(originalUrl.includes('?') ? originalUrl.slice(originalUrl.indexOf('?') + 1) : '');
  const linkTo = (number: number) => {
    const next = new URLSearchParams(parameters);
    next.set('page[number]', String(number));
    next.set('page[size]', String(page.size));
    return `${collectionUrl}?${next.toString()}`;
  };
  return {
    self: linkTo(page.number),
    first: linkTo(1),
    prev: page.number > 1 ? linkTo(Math.min(page.number - 1, totalPages)) : null,
    next: page.number < totalPages ? linkTo(page.number + 1) : null,
    last: linkTo(totalPages),
  };
};
