import ValidatorSelector from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;
type Serializer = (data: unknown) => string;

/**
 * Fastify's own compilers, made once per process instead of once per server. Every route's schemas are the
 * contract's objects, the same for every server the process builds, so each is compiled once: the validators by
 * one Ajv per set of options (which keeps what it compiled per schema object), the response serialisers kept per
 * schema object here. A production process builds one server, so it changes nothing there; a test file builds a
 * server per suite and database, and compiling every route's schemas again was a seventh of the API suites' CPU.
 */
export const sharedSchemaCompilers: CompilersFactory = {
  buildValidator: ValidatorSelector(),
  buildSerializer: serializersKeptPerSchema(SerializerSelector()),
};

function serializersKeptPerSchema(buildSerializer: BuildSerializer): BuildSerializer {
  const kept = new Map<string, WeakMap<object, Serializer>>();
  return (externalSchemas, options) => {
    const compile = buildSerializer(externalSchemas, options);
    // A serialiser depends on the schema and on the server's shared schemas and options: kept apart per those.
    const setting = JSON.stringify({ externalSchemas, options });
    let serializers = kept.get(setting);
    if (!serializers) kept.set(setting, (serializers = new WeakMap()));
    const perSchema = serializers;
    return (route) => {
      const schema = route.schema;
      if (typeof schema !== 'object' || schema === null) return compile(route);
      let serializer = perSchema.get(schema);
      if (!serializer) perSchema.set(schema, (serializer = compile(route)));
      return serializer;
    };
  };
}
