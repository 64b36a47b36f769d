/**
 * A post of a feed on the page, for a scroll to it, with every post of the page laid out first. Posts
 * far from the screen skip their layout (styles.css .offscreen-post) and would take their real height as
 * a smooth scroll passes them, moving its target away; once a member asks for a post, all lay out.
 */
export function postToScrollTo(id: string): HTMLElement | null {
  const element = document.getElementById(`post-${id}`);
  if (element) document.documentElement.dataset.postsLaidOut = '';
  return element;
}
