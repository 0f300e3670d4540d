/** Types of the parts of `negotiator` (1.x) the API uses (the package ships none). */
declare module 'negotiator' {
  interface NegotiatorRequest {
    headers: Record<string, string | string[] | undefined>;
  }
  export default class Negotiator {
    constructor(request: NegotiatorRequest);
    /** The best of `available` for Accept-Encoding; ties go to the order of `opts.preferred`. undefined when none is acceptable. */
    encoding(available?: string[], opts?: { preferred?: string[] }): string | undefined;
    encodings(available?: string[], opts?: { preferred?: string[] }): string[];
  }
}
