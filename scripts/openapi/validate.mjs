// Validates Lectern's OpenAPI document strictly and exits non-zero listing every problem:
//   1. the YAML parses as one document without duplicate keys or warnings;
//   2. the document validates against the official OpenAPI 3.1 JSON Schema
//      (@seriousme/openapi-schema-validator), every $ref resolving;
//   3. every Schema Object is a valid JSON Schema 2020-12 schema that Ajv compiles in strict
//      mode (no unknown keywords, no type mistakes), OpenAPI's own keywords allowed;
//   4. every example (media types, parameters, headers, schema `examples` and `default`)
//      validates against its schema, formats asserted;
//   5. semantics the JSON Schema cannot check: unique operationIds, path parameters declared
//      for every template variable, discriminator mappings, no unused components.
//
// Usage: node validate.mjs [path/to/openapi.yaml]   (default: schemas/openapi/openapi.yaml)
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { parseDocument } from "yaml";

const { default: addFormats } = addFormatsModule;
const here = dirname(fileURLToPath(import.meta.url));
const file = resolve(process.argv[2] ?? resolve(here, "../../schemas/openapi/openapi.yaml"));
const ROOT = "https://lectern.invalid/openapi.json";

const problems = [];
const fail = (where, msg) => problems.push(`${where}: ${msg}`);

// pointer builds a JSON pointer from path segments.
const pointer = (segs) => `#${segs.map((s) => `/${String(s).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("")}`;

// get reads a local "#/..." reference from the document.
function get(doc, ref) {
	if (!ref.startsWith("#/")) return undefined;
	let cur = doc;
	for (const raw of ref.slice(2).split("/")) {
		const part = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
		if (cur === null || typeof cur !== "object" || !(part in cur)) return undefined;
		cur = cur[part];
	}
	return cur;
}

// deref follows $ref chains of non-schema objects (parameters, responses, headers, ...).
function deref(doc, obj) {
	for (let i = 0; obj && typeof obj === "object" && typeof obj.$ref === "string" && i < 10; i++) {
		obj = get(doc, obj.$ref);
	}
	return obj;
}

// 1. Parse.
let doc;
{
	const text = readFileSync(file, "utf8");
	const parsed = parseDocument(text, { uniqueKeys: true, prettyErrors: true, strict: true });
	for (const e of parsed.errors) fail("yaml", e.message);
	for (const w of parsed.warnings) fail("yaml", `warning: ${w.message}`);
	if (parsed.errors.length === 0) doc = parsed.toJS({ maxAliasCount: -1 });
}

if (doc) {
	// 2. The OpenAPI 3.1 schema.
	const validator = new Validator();
	const res = await validator.validate(structuredClone(doc));
	if (!res.valid) {
		for (const e of [].concat(res.errors ?? [])) {
			fail(`openapi schema ${e.instancePath ?? ""}`, e.message ? `${e.message} ${JSON.stringify(e.params ?? {})}` : JSON.stringify(e));
		}
	} else if (validator.version !== "3.1") {
		fail("openapi", `version ${validator.version}, want 3.1`);
	}
	checkSchemas(doc);
	checkSemantics(doc);
}

if (problems.length > 0) {
	console.error(`${file}: ${problems.length} problem(s)`);
	for (const p of problems) console.error(`  ${p}`);
	process.exit(1);
}
console.log(`${file}: valid OpenAPI 3.1; schemas compile strictly; every example matches its schema`);

// checkSchemas compiles every Schema Object strictly and validates every example against it.
function checkSchemas(doc) {
	const ajv = new Ajv2020({
		strict: true,
		strictTypes: true,
		strictTuples: true,
		strictRequired: false, // `required` may name properties declared in another allOf branch
		allowUnionTypes: true,
		allErrors: true,
		validateFormats: true,
	});
	addFormats(ajv);
	for (const keyword of ["discriminator", "xml", "externalDocs", "example"]) ajv.addKeyword({ keyword });
	// The schemas are reached by $ref into a root holding the document's paths and components
	// as annotation keywords, so that its local "#/components/..." references resolve.
	for (const keyword of ["paths", "components"]) ajv.addKeyword({ keyword });
	ajv.addSchema({ paths: doc.paths, components: doc.components }, ROOT, undefined, false);

	const compiled = new Map();
	const compile = (ptr) => {
		if (!compiled.has(ptr)) {
			try {
				compiled.set(ptr, ajv.compile({ $ref: ROOT + ptr }));
			} catch (e) {
				fail(ptr, `schema does not compile: ${e.message}`);
				compiled.set(ptr, null);
			}
		}
		return compiled.get(ptr);
	};
	const check = (ptr, value, what) => {
		const validate = compile(ptr);
		if (validate && !validate(value)) {
			for (const e of validate.errors) fail(what, `does not match ${ptr}: ${e.instancePath || "(root)"} ${e.message} ${JSON.stringify(e.params)}`);
		}
	};

	// Schema roots: components.schemas.* and every `schema` of a parameter, header or media type.
	const roots = [];
	for (const name of Object.keys(doc.components?.schemas ?? {})) roots.push(["components", "schemas", name]);
	const walk = (node, segs) => {
		if (node === null || typeof node !== "object") return;
		for (const [k, v] of Object.entries(node)) {
			if (k === "example" || k === "examples" || k.startsWith("x-")) continue;
			if (segs.length === 2 && segs[0] === "components" && segs[1] === "schemas") continue;
			if (k === "schema" && v && typeof v === "object" && !Array.isArray(node)) {
				roots.push([...segs, k]);
				continue;
			}
			walk(v, [...segs, k]);
		}
	};
	walk(doc, []);

	for (const segs of roots) {
		const schema = get(doc, pointer(segs));
		if (!ajv.validateSchema(schema)) {
			for (const e of ajv.errors) fail(pointer(segs), `not a JSON Schema 2020-12 schema: ${e.instancePath} ${e.message}`);
			continue;
		}
		compile(pointer(segs));
		eachSubschema(schema, segs, (sub, subSegs) => {
			const ptr = pointer(subSegs);
			for (const [i, ex] of (Array.isArray(sub.examples) ? sub.examples : []).entries()) check(ptr, ex, `${ptr}/examples/${i}`);
			if ("default" in sub) check(ptr, sub.default, `${ptr}/default`);
		});
	}

	// Examples of media types, parameters and headers against their schema.
	const exampleHolders = (node, segs) => {
		if (node === null || typeof node !== "object") return;
		if (!Array.isArray(node) && node.schema && typeof node.schema === "object" && ("example" in node || "examples" in node)) {
			const ptr = pointer([...segs, "schema"]);
			if ("example" in node) check(ptr, node.example, pointer([...segs, "example"]));
			for (const [name, ex] of Object.entries(node.examples ?? {})) {
				const e = deref(doc, ex);
				if (e && "value" in e) check(ptr, e.value, pointer([...segs, "examples", name]));
				else fail(pointer([...segs, "examples", name]), "example has no value");
			}
		}
		for (const [k, v] of Object.entries(node)) {
			if (k === "example" || k === "examples" || k.startsWith("x-")) continue;
			if (segs.length === 2 && segs[0] === "components" && segs[1] === "schemas") continue;
			if (k === "schema") continue;
			exampleHolders(v, [...segs, k]);
		}
	};
	exampleHolders(doc, []);
}

// eachSubschema calls f on a schema and every schema nested in it by applicator keywords.
function eachSubschema(schema, segs, f) {
	if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return;
	f(schema, segs);
	for (const k of ["items", "not", "if", "then", "else", "additionalProperties", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties"]) {
		if (k in schema) eachSubschema(schema[k], [...segs, k], f);
	}
	for (const k of ["allOf", "anyOf", "oneOf", "prefixItems"]) {
		for (const [i, s] of (schema[k] ?? []).entries()) eachSubschema(s, [...segs, k, i], f);
	}
	for (const k of ["properties", "patternProperties", "$defs", "dependentSchemas"]) {
		for (const [name, s] of Object.entries(schema[k] ?? {})) eachSubschema(s, [...segs, k, name], f);
	}
}

// checkSemantics checks what no JSON Schema expresses.
function checkSemantics(doc) {
	const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
	const ids = new Map();
	for (const [path, item] of Object.entries(doc.paths ?? {})) {
		const vars = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
		for (const method of methods) {
			const op = item[method];
			if (!op) continue;
			const where = `${method.toUpperCase()} ${path}`;
			if (!op.operationId) fail(where, "no operationId");
			else if (ids.has(op.operationId)) fail(where, `operationId ${op.operationId} is also used by ${ids.get(op.operationId)}`);
			else ids.set(op.operationId, where);
			const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(doc, p));
			const inPath = params.filter((p) => p?.in === "path");
			for (const v of vars) {
				const p = inPath.find((q) => q.name === v);
				if (!p) fail(where, `path parameter {${v}} is not declared`);
				else if (p.required !== true) fail(where, `path parameter {${v}} must be required`);
			}
			for (const p of inPath) if (!vars.includes(p.name)) fail(where, `path parameter ${p.name} is not in the path`);
			const seen = new Set();
			for (const p of params) {
				const key = `${p?.in}:${p?.name}`;
				if (seen.has(key)) fail(where, `parameter ${key} declared twice`);
				seen.add(key);
			}
			if (!op.responses || Object.keys(op.responses).length === 0) fail(where, "no responses");
		}
	}

	// Discriminators: every oneOf member mapped, every mapping target a member.
	const schemas = doc.components?.schemas ?? {};
	for (const [name, s] of Object.entries(schemas)) {
		eachSubschema(s, ["components", "schemas", name], (sub, segs) => {
			if (!sub.discriminator) return;
			const where = pointer(segs);
			const members = (sub.oneOf ?? sub.anyOf ?? []).map((m) => m.$ref);
			const targets = Object.values(sub.discriminator.mapping ?? {});
			for (const m of members) if (!targets.includes(m)) fail(where, `oneOf member ${m} has no discriminator mapping`);
			for (const t of targets) {
				if (!members.includes(t)) fail(where, `discriminator maps to ${t}, which is not a oneOf member`);
				if (get(doc, t) === undefined) fail(where, `discriminator target ${t} does not exist`);
			}
		});
	}

	// Every component is used.
	const refs = new Set();
	const collect = (node) => {
		if (node === null || typeof node !== "object") return;
		if (typeof node.$ref === "string") refs.add(node.$ref);
		if (node.discriminator?.mapping) for (const t of Object.values(node.discriminator.mapping)) refs.add(t);
		for (const v of Object.values(node)) collect(v);
	};
	collect(doc);
	for (const [kind, entries] of Object.entries(doc.components ?? {})) {
		if (kind === "securitySchemes") continue;
		for (const name of Object.keys(entries)) {
			const ref = pointer(["components", kind, name]);
			if (!refs.has(ref)) fail(ref, "never referenced");
		}
	}
	const schemes = new Set(Object.keys(doc.components?.securitySchemes ?? {}));
	const usedSchemes = new Set();
	for (const item of Object.values(doc.paths ?? {})) {
		for (const method of methods) {
			for (const req of item[method]?.security ?? []) {
				for (const s of Object.keys(req)) {
					if (!schemes.has(s)) fail(`${method.toUpperCase()} security`, `unknown security scheme ${s}`);
					usedSchemes.add(s);
				}
			}
		}
	}
	for (const s of schemes) if (!usedSchemes.has(s)) fail(`#/components/securitySchemes/${s}`, "never used");
}
