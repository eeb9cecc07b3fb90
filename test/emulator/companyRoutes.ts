// Companies (Codat's Platform API): listed (paged, `query`, `orderBy` and the `tags` filter),
// created, read, replaced (PUT), changed (PATCH) and deleted (204, everything under it with it).
// One set of rules for a company's name, description and tags, whichever way they are sent.
import type { Company } from './wire';
import { sanitiseCompanyName } from './companyName';
import { ApiResponse, companyLimitExceeded, validationError } from './errors';
import { listCompanies } from './listing';
import { readPageRequest } from './paging';
import { type Handler, type JsonObject, type Route, isEntry, isResponse, ok, ownCompany, readObject } from './routing';
import { readTagFilter, tagged } from './tagFilter';
import { companyEvent } from './webhooks/hub';

// Bounds of the emulator's choosing (the reference gives none), so a company's size is bounded
// too: a name, a description, tags. Lengths are of the text as sent, in UTF-16 code units.
export const COMPANY_LIMITS = { name: 200, description: 4096, tags: 50, tagKey: 200, tagValue: 1000 } as const;

/** How a body is read: POST and PUT need a name, PATCH changes what it holds (`null` clears). */
type Mode = 'create' | 'replace' | 'update';

/** The fields a body sets; `null` clears (PATCH), `undefined` was not sent. */
interface CompanyFields {
  name?: string;
  description?: string | null;
  tags?: Record<string, string> | null;
}

function tagsProblem(tags: Record<string, string>): string | undefined {
  const { tags: most, tagKey, tagValue } = COMPANY_LIMITS;
  const entries = Object.entries(tags);
  if (entries.length > most) return `The tags field must hold at most ${most} tags.`;
  if (entries.some(([k, v]) => k.length > tagKey || v.length > tagValue))
    return `Each tag must have a name of at most ${tagKey} characters and a value of at most ${tagValue}.`;
  return undefined;
}

function readName(value: unknown, refuse: (field: string, message: string) => ApiResponse): string | ApiResponse {
  if (typeof value !== 'string') return refuse('name', 'The name field is required and must be a string.');
  if (value.length > COMPANY_LIMITS.name)
    return refuse('name', `The name field must be at most ${COMPANY_LIMITS.name} characters.`);
  const name = sanitiseCompanyName(value);
  if (name.length === 0)
    return refuse(
      'name',
      "The name field must contain at least one letter, digit or allowed punctuation (- ' , & @ . ? !).",
    );
  return name;
}

function readDescription(value: unknown, refuse: (f: string, m: string) => ApiResponse): string | ApiResponse {
  if (typeof value !== 'string') return refuse('description', 'The description field must be a string.');
  if (value.length > COMPANY_LIMITS.description)
    return refuse('description', `The description field must be at most ${COMPANY_LIMITS.description} characters.`);
  return value;
}

function readTags(value: unknown, refuse: (f: string, m: string) => ApiResponse): Record<string, string> | ApiResponse {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return refuse('tags', 'The tags field must be an object of string values.');
  if (!Object.values(value).every((v) => typeof v === 'string'))
    return refuse('tags', 'The tags field must be an object of string values.');
  const tags = value as Record<string, string>;
  const problem = tagsProblem(tags);
  return problem ? refuse('tags', problem) : { ...tags };
}

/** The fields of a body, checked by the rules of Create Company, or the 400 naming the first bad one. */
function readCompanyBody(body: JsonObject, mode: Mode): CompanyFields | ApiResponse {
  const validator = mode === 'create' ? 'CreateCompany' : 'UpdateCompany';
  const refuse = (field: string, message: string): ApiResponse =>
    validationError('ClientsApi', field, message, validator);
  const fields: CompanyFields = {};
  if (mode !== 'update' || body.name !== undefined) {
    const name = readName(body.name, refuse);
    if (isResponse(name)) return name;
    fields.name = name;
  }
  const clear = mode === 'update' ? null : undefined;
  if (body.description === null) fields.description = clear;
  else if (body.description !== undefined) {
    const description = readDescription(body.description, refuse);
    if (isResponse(description)) return description;
    fields.description = description;
  }
  if (body.tags === null) fields.tags = clear;
  else if (body.tags !== undefined) {
    const tags = readTags(body.tags, refuse);
    if (isResponse(tags)) return tags;
    fields.tags = tags;
  }
  return fields;
}

/** PUT keeps only what it sends; PATCH changes what it sends (`null` clears). */
function applyCompany(company: Company, fields: CompanyFields, mode: Mode): void {
  if (fields.name !== undefined) company.name = fields.name;
  if (typeof fields.description === 'string') company.description = fields.description;
  else if (fields.description === null || mode === 'replace') delete company.description;
  if (fields.tags) company.tags = fields.tags;
  else if (fields.tags === null || mode === 'replace') delete company.tags;
}

/** PUT or PATCH of a company: the company as it is now. */
function changeCompany(mode: Mode): Handler {
  return (req, [id], state) => {
    const entry = ownCompany(state, req.account, id);
    if (!isEntry(entry)) return entry;
    const body = readObject(req, false);
    if (isResponse(body)) return body;
    const fields = readCompanyBody(body, mode);
    if (isResponse(fields)) return fields;
    applyCompany(entry.company, fields, mode);
    state.settle(entry);
    return ok(structuredClone(entry.company));
  };
}

export const COMPANY_ROUTES: Route[] = [
  {
    pattern: ['companies'],
    methods: {
      GET: (req, _args, state) => {
        const request = readPageRequest(req.params);
        if (isResponse(request)) return request;
        const tags = req.params.get('tags') ?? '';
        let companies = state.companiesOf(req.account);
        if (tags.trim() !== '') {
          const filter = readTagFilter(tags);
          if (isResponse(filter)) return filter;
          companies = tagged(companies, filter);
        }
        const withTags = tags.trim() === '' ? request : { ...request, tags };
        const page = listCompanies('/companies', withTags, companies);
        return isResponse(page) ? page : ok(page);
      },
      POST: (req, _args, state) => {
        const body = readObject(req, false);
        if (isResponse(body)) return body;
        const fields = readCompanyBody(body, 'create');
        if (isResponse(fields)) return fields;
        const { name = '', description, tags } = fields;
        const request = {
          name,
          ...(typeof description === 'string' ? { description } : {}),
          ...(tags ? { tags } : {}),
        };
        const company = state.createCompany(req.account, request);
        if (company !== 'limit') companyEvent(state, req.account, company, 'created');
        return company === 'limit' ? companyLimitExceeded() : ok(company);
      },
    },
  },
  {
    pattern: ['companies', '*'],
    methods: {
      GET: (req, [id], state) => {
        const entry = ownCompany(state, req.account, id);
        if (!isEntry(entry)) return entry;
        state.settle(entry);
        return ok(entry.company);
      },
      PUT: changeCompany('replace'),
      PATCH: changeCompany('update'),
      DELETE: (req, [id], state) => {
        const entry = ownCompany(state, req.account, id);
        if (!isEntry(entry)) return entry;
        companyEvent(state, req.account, entry.company, 'deleted');
        state.deleteCompany(entry);
        return new ApiResponse(204);
      },
    },
  },
];
