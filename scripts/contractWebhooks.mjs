// The Platform API's webhooks, for scripts/contract.mjs: the consumers (`GET/POST /webhooks`,
// `DELETE /webhooks/{webhookId}`; no GET of one in 3.0.0), their shapes and statuses, and the
// document's `webhooks` section: each event type with its one-line description and the schema of
// its delivery, each schema kept once under its name. `{dataType}.write.successful` and
// `.unsuccessful` stand for one event type per data type of their description's table (a consumer
// subscribes to `bills.write.successful`): those data types are read from that table. The tips'
// "limited to 50" consumers is read from the create's description.
const PLATFORM = 'json/Codat-Platform.json';
const LIST = '/webhooks';
const ITEM = '/webhooks/{webhookId}';

/** The first column of the markdown table in a description, after its header and separator rows. */
function tableDataTypes(description) {
  const rows = description.split('\n').filter((line) => line.trim().startsWith('|'));
  const names = rows.slice(2).map((line) => line.split('|')[1].trim().replace(/`/g, ''));
  if (names.length === 0 || names.some((n) => !/^[a-zA-Z]+$/.test(n))) throw new Error('write table changed');
  return names;
}

function schemaName(ref) {
  const m = /^#\/components\/schemas\/([A-Za-z]+)$/.exec(ref ?? '');
  if (!m) throw new Error(`webhook body ${ref} is not a named schema`);
  return m[1];
}

export function platformWebhooks({ platform, convert, platformPath, statusesOf }) {
  const op = (path, method) => platform.paths[platformPath(path, method)][method];
  const schemaAt = (node) => convert(platform, node.content['application/json'].schema);
  const create = op(LIST, 'post');
  const limit = /limited to (\d+)/.exec(create.description);
  if (!limit) throw new Error('the consumer limit is no longer in the create description');
  const eventTypes = [];
  const payloads = {};
  let writeDataTypes;
  for (const [name, item] of Object.entries(platform.webhooks ?? {})) {
    const post = item.post;
    const ref = post.requestBody.content['application/json'].schema.$ref;
    const schema = schemaName(ref);
    payloads[schema] ??= convert(platform, { $ref: ref });
    const description = post.description.split('\n')[0].trim();
    eventTypes.push({ name, description, schema, statuses: Object.keys(post.responses) });
    if (name.startsWith('{dataType}.')) {
      const types = tableDataTypes(post.description);
      if (writeDataTypes && JSON.stringify(writeDataTypes) !== JSON.stringify(types))
        throw new Error('the write events list different data types');
      writeDataTypes = types;
    }
  }
  if (eventTypes.length === 0) throw new Error(`${PLATFORM} has no webhooks section`);
  return {
    listPath: platformPath(LIST),
    itemPath: platformPath(ITEM, 'delete'),
    getOne: platform.paths[ITEM].get !== undefined,
    consumer: convert(platform, { $ref: '#/components/schemas/WebhookConsumer' }),
    createBody: schemaAt(create.requestBody),
    list: schemaAt(op(LIST, 'get').responses['200']),
    maxConsumers: Number(limit[1]),
    statuses: { list: statusesOf(LIST, 'get'), create: statusesOf(LIST, 'post'), delete: statusesOf(ITEM, 'delete') },
    eventTypes,
    writeDataTypes,
    payloads,
  };
}
