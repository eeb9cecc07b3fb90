// The account's webhook consumers (Codat's Platform API 3.0.0): listed (one list, not paged),
// created, deleted. Both writes are sent once and never retried (`once`): after a lost answer
// the caller lists the consumers before offering to send it again.
import type { CreateWebhookConsumerRequest, WebhookConsumer } from './webhookModels';
import { isNoContent } from './responseShapes';
import type { PreparedRequest } from './requests';
import type { ApiSession } from './session';
import type { CallOptions } from './transportOptions';
import * as webhooks from './webhooks';

export class WebhooksApi {
  constructor(private readonly session: ApiSession) {}

  /** What `list` sends (Copy as cURL). */
  listRequest(): PreparedRequest {
    return this.session.prepared(webhooks.listWebhooksRequest());
  }
  /** `GET /webhooks`: every consumer of the account. */
  async list(options?: CallOptions): Promise<WebhookConsumer[]> {
    const request = webhooks.listWebhooksRequest();
    const list = await this.session.send(
      { ...request, accept: webhooks.isWebhookConsumerList, expected: 'a list of webhook consumers' },
      options,
    );
    return list.results.map(webhooks.consumerOf);
  }

  /** What `create` sends. */
  createRequest(request: CreateWebhookConsumerRequest): PreparedRequest {
    return this.session.prepared(webhooks.createWebhookRequest(request));
  }
  /** `POST /webhooks`: the new consumer (answered 201). Sent once; the body, what the user typed,
   * is kept by an error so its entry can be copied as cURL. */
  async create(request: CreateWebhookConsumerRequest, options?: CallOptions): Promise<WebhookConsumer> {
    const call = {
      ...webhooks.createWebhookRequest(request),
      once: true,
      shareBody: true,
      accept: webhooks.isWebhookConsumer,
      expected: 'a webhook consumer',
    };
    return webhooks.consumerOf(await this.session.send(call, options));
  }

  /** What `delete` sends. */
  deleteRequest(webhookId: string): PreparedRequest {
    return this.session.prepared(webhooks.deleteWebhookRequest(webhookId));
  }
  /** `DELETE /webhooks/{webhookId}` (answered 204). Sent once. */
  async delete(webhookId: string, options?: CallOptions): Promise<void> {
    const request = webhooks.deleteWebhookRequest(webhookId);
    const call = { ...request, once: true, accept: isNoContent, expected: 'no content', emptyOk: true };
    await this.session.send<undefined>(call, options);
  }
}
