// The Platform API's connection lifecycle and company changes, for scripts/contract.mjs: connections
// from creation to Linked (integrations, create, unlink by PATCH, delete answered 200 with no body,
// replace the authorization); companies listed by `tags`, PUT, PATCH, DELETE; a pull's validation.
// `tools` are contract.mjs's readers of the Platform document.

/** The Integration schema, its one slip read as meant: a data type feature's property is written
 * `dataType` but required (and given in both examples) as `datatype`. */
function integrationRecord(record) {
  const feature = record.properties.datatypeFeatures.items;
  if (!feature.required.includes('datatype') || !feature.properties.dataType) throw new Error('Integration changed');
  const { dataType, ...rest } = feature.properties;
  feature.properties = { datatype: dataType, ...rest };
  return record;
}

export function platformLifecycle({ platform, convert, pointer, platformPath, statusesOf, schemaOf }) {
  const PLATFORM = 'json/Codat-Platform.json';
  const CONNECTIONS = '/companies/{companyId}/connections';
  const CONNECTION = `${CONNECTIONS}/{connectionId}`;
  const COMPANY = '/companies/{companyId}';
  const op = (path, method) => platform.paths[platformPath(path, method)][method];
  const bodyOf = (path, method) => convert(platform, op(path, method).requestBody.content['application/json'].schema);
  const statusesAll = (ops) => Object.fromEntries(Object.entries(ops).map(([k, [p, m]]) => [k, statusesOf(p, m)]));
  const queryOf = (path) =>
    op(path, 'get')
      .parameters.map((p) => (p.$ref ? pointer(platform, p.$ref) : p))
      .filter((p) => p.in === 'query')
      .map((p) => p.name);

  const integrations = () => ({
    listPath: platformPath('/integrations'),
    listQuery: queryOf('/integrations'),
    itemPath: platformPath('/integrations/{platformKey}'),
    record: integrationRecord(schemaOf(PLATFORM, 'Integration')),
    statuses: statusesAll({ list: ['/integrations', 'get'], item: ['/integrations/{platformKey}', 'get'] }),
  });

  const connections = (authorizationPath = `${CONNECTION}/authorization`) => ({
    listPath: platformPath(CONNECTIONS),
    itemPath: platformPath(CONNECTION),
    record: schemaOf(PLATFORM, 'Connection'),
    createBody: bodyOf(CONNECTIONS, 'post'),
    updateBody: bodyOf(CONNECTION, 'patch'),
    authorizationPath,
    authorizationBody: bodyOf(authorizationPath, 'put'),
    deleteHasBody: op(CONNECTION, 'delete').responses['200'].content !== undefined,
    statuses: statusesAll({
      create: [CONNECTIONS, 'post'],
      get: [CONNECTION, 'get'],
      update: [CONNECTION, 'patch'],
      delete: [CONNECTION, 'delete'],
      authorization: [authorizationPath, 'put'],
    }),
  });

  const companies = () => ({
    listPath: platformPath('/companies'),
    listQuery: queryOf('/companies'),
    itemPath: platformPath(COMPANY),
    record: schemaOf(PLATFORM, 'Company'),
    createBody: bodyOf('/companies', 'post'),
    replaceBody: bodyOf(COMPANY, 'put'),
    updateBody: bodyOf(COMPANY, 'patch'),
    statuses: statusesAll({
      create: ['/companies', 'post'],
      replace: [COMPANY, 'put'],
      update: [COMPANY, 'patch'],
      delete: [COMPANY, 'delete'],
    }),
  });

  const validation = (path = `${COMPANY}/sync/{datasetId}/validation`) => ({
    path: platformPath(path),
    record: schemaOf(PLATFORM, 'ValidationResult'),
    statuses: statusesOf(path, 'get'),
  });

  return { integrations: integrations(), connections: connections(), companies: companies(), validation: validation() };
}
