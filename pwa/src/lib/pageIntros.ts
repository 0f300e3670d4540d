/**
 * The heading and first paragraph of the public pages whose HTML the build prerenders (issue 59:
 * their largest text was painted only after React's first render, 2-2.4 s into a slow phone's
 * load, against 1.2 s for a bare React page). One place for these texts: the page renders them
 * (SupportPage, CustomerSupportPage, LoginPage) and the build writes them into `<path>/index.html`
 * (pwa/build/pageIntros.ts), painted as soon as the HTML and the stylesheet arrive. Plain
 * strings and class names only: the build reads this module in Node.
 */
export interface PageIntro {
  /** The page's `<h1>`. */
  heading: string;
  /** The paragraph under it. */
  intro: string;
  /** The paragraph's class name. */
  introClass: 'muted' | 'hero-lead';
  /** Class names of the elements around both, outermost first, as the page renders them. */
  frame: readonly string[];
}

/** By path (exact; no query string): the public pages with a static heading and intro. */
export const PAGE_INTROS = {
  '/support': {
    heading: 'Submit a Support Request',
    intro: 'Fill in the form and we will get back to you. You will receive a ticket number right away.',
    introClass: 'muted',
    frame: ['page page-narrow'],
  },
  '/customer-support': {
    heading: 'Business Support Portal',
    intro: 'Get help from our IT team by phone or with a support ticket.',
    introClass: 'hero-lead',
    frame: ['page', 'hero hero-compact'],
  },
  '/login': {
    heading: 'Admin Login',
    intro: 'Sign in to access downloads and administrative features',
    introClass: 'muted',
    frame: ['page page-auth', 'card form'],
  },
} as const satisfies Record<string, PageIntro>;
