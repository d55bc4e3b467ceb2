import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse, parseAllDocuments } from 'yaml';
import { API_LIMITS } from '@gallery/contracts';
import {
  commandOf,
  deployables,
  documentedVariables,
  root,
  SERVICE_DATABASES,
  readinessPathOf,
  variablesFor,
  variablesReadBy,
  type Deployable,
} from './deployables.js';

// No cluster runs on the build machines: this builds deploy/kubernetes with kustomize, validates every object
// against the Kubernetes API schemas and holds the manifests to what the services really read and serve.

/** `npm test` installs Debian's kubernetes-client when no kubectl is found (infra/test.mjs). */
const KUBECTL = process.env.KUBECTL_PATH ?? 'kubectl';

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string };
    secretKeyRef?: { name: string; key: string; optional?: boolean };
  };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  securityContext?: { readOnlyRootFilesystem?: boolean };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  data?: Record<string, string>;
  spec?: {
    template?: {
      spec: { containers: Container[]; volumes?: { name: string; emptyDir?: { sizeLimit?: string } }[] };
    };
    selector?: { matchLabels?: Record<string, string> };
    ports?: { name?: string; port: number; targetPort: string | number }[];
    scaleTargetRef?: { kind: string; name: string };
    metrics?: {
      type: string;
      resource?: { name: string };
      pods?: { metric: { name: string } };
      external?: { metric: { name: string } };
    }[];
    rules?: { http: { paths: { backend: { service: { name: string; port: { name?: string } } } }[] } }[];
    tls?: { hosts: string[]; secretName: string }[];
  };
}

function kustomize(dir: string): KubernetesObject[] {
  let output: string;
  try {
    output = execFileSync(KUBECTL, ['kustomize', join(root, dir)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT')
      throw new Error(
        `${KUBECTL} not found: run npm test (it installs Debian's kubernetes-client as root) or set KUBECTL_PATH`,
        { cause: error },
      );
    throw new Error(`kubectl kustomize ${dir} failed: ${stderr}`, { cause: error });
  }
  return parseAllDocuments(output).map((document) => document.toJS() as KubernetesObject);
}

/** kubernetes-models' class for an object: `apps/v1` Deployment is kubernetes-models/apps/v1/Deployment. */
async function validate(object: KubernetesObject): Promise<void> {
  const model = (await import(`kubernetes-models/${object.apiVersion}/${object.kind}`)) as Record<
    string,
    new (data: KubernetesObject) => { validate(): void }
  >;
  new model[object.kind](object).validate();
}

const base = 'deploy/kubernetes/base';
const builds = [base, 'deploy/kubernetes/overlays/small', 'deploy/kubernetes/overlays/large'].map(
  (dir) => [dir, kustomize(dir)] as const,
);
const deployDoc = readFileSync(join(root, 'docs', 'deploy.md'), 'utf8');

/** The keys docs/deploy.md gives a Secret: `create secret generic NAME --from-literal=KEY=...` commands. */
function secretKeysInDoc(name: string): string[] {
  const commands = deployDoc.split('create secret generic ').slice(1);
  const command = commands.find((text) => text.startsWith(`${name} `))?.split('\n\n')[0] ?? '';
  return [...command.matchAll(/--from-literal=([A-Za-z0-9_]+)=/g)].map((match) => match[1]);
}

function find(objects: KubernetesObject[], kind: string, name: string): KubernetesObject {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}

function containerOf(objects: KubernetesObject[], deployable: Deployable): Container {
  const containers = find(objects, 'Deployment', deployable.name).spec!.template!.spec.containers;
  expect(containers).toHaveLength(1);
  return containers[0];
}

describe.each(builds)('kustomize build %s', (_dir, objects) => {
  const configMap = objects.find((object) => object.kind === 'ConfigMap')!;

  it('builds objects that each validate against the Kubernetes API schemas', async () => {
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) await validate(object);
  });

  it('runs exactly the processes of infra/services.mjs, each with a Service and a PodDisruptionBudget', () => {
    const names = deployables.map((deployable) => deployable.name).sort();
    for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget']) {
      expect(
        objects
          .filter((object) => object.kind === kind)
          .map((object) => object.metadata.name)
          .sort(),
      ).toEqual(names);
    }
  });

  it.each(deployables)('runs $name from its own image, as npm start runs it', (deployable) => {
    const container = containerOf(objects, deployable);
    // The Dockerfile's image of the workspace, named as docker-compose names it; overlays add a registry and a tag.
    expect(container.image).toMatch(new RegExp(`(^|/)wedding-gallery-${deployable.name}(:[\\w.-]+)?$`));
    expect(container.command).toEqual(commandOf(deployable));
    const env = Object.fromEntries((container.env ?? []).map((variable) => [variable.name, variable]));
    // The metrics port beside the product's, which no Service exposes (the PodMonitor scrapes the pods).
    expect(container.ports).toEqual([
      { name: 'http', containerPort: deployable.port },
      { name: 'metrics', containerPort: Number(env.METRICS_PORT?.value) },
    ]);
    expect(env.PORT?.value).toBe(String(deployable.port));
    for (const name of [
      'NODE_ENV',
      'MALLOC_MMAP_THRESHOLD_',
      'MALLOC_TRIM_THRESHOLD_',
      'MALLOC_ARENA_MAX',
    ].filter((n) => n in deployable.env))
      expect(env[name]?.value).toBe(deployable.env[name]);
    const service = find(objects, 'Service', deployable.name);
    expect(service.spec!.ports).toEqual([{ name: 'http', port: deployable.port, targetPort: 'http' }]);
  });

  // A compromised process cannot change its own code or plant files that outlive it: only /tmp, an emptyDir of
  // the pod with a size limit, is writable.
  it.each(deployables)(
    'runs $name on a read-only root file system, writing only to a bounded /tmp',
    (deployable) => {
      const container = containerOf(objects, deployable);
      expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
      expect(container.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
      const volumes = find(objects, 'Deployment', deployable.name).spec!.template!.spec.volumes ?? [];
      const tmp = volumes.find((volume) => volume.name === 'tmp');
      expect(tmp?.emptyDir?.sizeLimit).toMatch(/^\d+[MG]i$/);
    },
  );

  it.each(deployables)('probes $name on the readiness path and /health/live it serves', (deployable) => {
    const readiness = readinessPathOf(deployable);
    expect(readiness).toBeDefined();
    const container = containerOf(objects, deployable);
    for (const probe of [container.startupProbe, container.readinessProbe])
      expect(probe?.httpGet).toEqual({ path: readiness, port: 'http' });
    // Liveness asks only whether the process answers: a dependency's outage must not restart every replica.
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'http' });
  });

  it("keeps the gateway's readiness to its own ability to serve, never its subgraphs' health", () => {
    const gateway = deployables.find((deployable) => deployable.name === 'gateway')!;
    expect(readinessPathOf(gateway)).toBe('/health/ready');
    expect(containerOf(objects, gateway).readinessProbe?.httpGet?.path).toBe('/health/ready');
  });

  it.each(deployables)('sets resource requests and limits for $name', (deployable) => {
    const { resources } = containerOf(objects, deployable);
    for (const bound of [resources?.requests, resources?.limits])
      expect(Object.keys(bound ?? {}).sort()).toEqual(['cpu', 'memory']);
  });

  it.each(deployables)(
    'gives $name every variable its code reads, no other, each in docs/configuration.md',
    (deployable) => {
      const given = (containerOf(objects, deployable).env ?? []).map((variable) => variable.name);
      expect(new Set(given).size).toBe(given.length);
      const read = [...variablesReadBy(deployable.workspace)];
      expect(read.filter((name) => !given.includes(name))).toEqual([]);
      const allowed = variablesFor(deployable);
      expect(given.filter((name) => !allowed.has(name))).toEqual([]);
      const documented = documentedVariables();
      expect(given.filter((name) => !documented.has(name))).toEqual([]);
    },
  );

  it.each(deployables)(
    'takes $name’s settings from the ConfigMap and the documented Secrets',
    (deployable) => {
      for (const variable of containerOf(objects, deployable).env ?? []) {
        const { configMapKeyRef, secretKeyRef } = variable.valueFrom ?? {};
        if (configMapKeyRef) {
          expect(configMapKeyRef.name).toBe(configMap.metadata.name);
          expect(Object.keys(configMap.data ?? {})).toContain(configMapKeyRef.key);
        }
        // docs/deploy.md creates each Secret with each of its keys.
        if (secretKeyRef) expect(secretKeysInDoc(secretKeyRef.name)).toContain(secretKeyRef.key);
      }
    },
  );

  it.each(deployables.filter((deployable) => deployable.name in SERVICE_DATABASES))(
    'points $name at its own database',
    (deployable) => {
      const databaseUrl = containerOf(objects, deployable).env!.find((v) => v.name === 'DATABASE_URL')!;
      expect(databaseUrl.valueFrom?.secretKeyRef).toEqual({ name: 'gallery-database', key: deployable.name });
    },
  );

  it('points the gateway at each subgraph’s Service, on the path npm start uses', () => {
    const gateway = deployables.find((deployable) => deployable.name === 'gateway')!;
    const env = containerOf(objects, gateway).env!;
    const byPort = new Map(deployables.map((deployable) => [String(deployable.port), deployable.name]));
    const subgraphUrls = Object.entries(gateway.env).filter(([, value]) => {
      const port = /^http:\/\/127\.0\.0\.1:(\d+)/.exec(value)?.[1];
      return port !== undefined && byPort.has(port);
    });
    expect(subgraphUrls.length).toBeGreaterThan(0);
    for (const [name, local] of subgraphUrls) {
      const url = new URL(local);
      url.hostname = byPort.get(url.port)!;
      expect(env.find((variable) => variable.name === name)?.value).toBe(url.toString().replace(/\/$/, ''));
    }
  });

  it('lets only the gateway reach the services that npm start keeps on the loopback interface, and Prometheus their metrics', () => {
    const subgraphs = deployables.filter((deployable) => deployable.env.HOST === '127.0.0.1');
    expect(subgraphs.length).toBeGreaterThan(0);
    const policies = objects.filter((object) => object.kind === 'NetworkPolicy');
    expect(policies.map((policy) => policy.metadata.name).sort()).toEqual(
      subgraphs.map((deployable) => deployable.name).sort(),
    );
    for (const deployable of subgraphs) {
      const { spec } = find(objects, 'NetworkPolicy', deployable.name) as unknown as {
        spec: { podSelector: unknown; policyTypes: string[]; ingress: unknown[] };
      };
      expect(spec.podSelector).toEqual({ matchLabels: { 'app.kubernetes.io/name': deployable.name } });
      expect(spec.policyTypes).toEqual(['Ingress']);
      expect(spec.ingress).toEqual([
        {
          from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }],
          ports: [{ port: 'http' }],
        },
        {
          from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
          ports: [{ port: 'metrics' }],
        },
      ]);
    }
  });

  it('scales media on its backlog and CPU, the gateway on CPU, memory and its open sockets, faces on its backlog', () => {
    const metrics = (name: string) => {
      const hpa = find(objects, 'HorizontalPodAutoscaler', name);
      expect(hpa.spec!.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
      return hpa.spec!.metrics!.map(
        (metric) => metric.resource?.name ?? metric.pods?.metric.name ?? metric.external?.metric.name,
      );
    };
    expect(objects.filter((object) => object.kind === 'HorizontalPodAutoscaler')).toHaveLength(3);
    expect(metrics('media')).toEqual(['gallery_photos_confirming', 'cpu']);
    expect(metrics('gateway')).toEqual(['cpu', 'memory', 'gallery_live_sockets']);
    expect(metrics('faces')).toEqual(['gallery_faces_index_backlog']);
  });

  it('routes the product’s origin to the gateway over TLS, with timeouts for live screens', () => {
    const [ingress] = objects.filter((object) => object.kind === 'Ingress');
    const annotations = ingress.metadata.annotations ?? {};
    expect(annotations['cert-manager.io/cluster-issuer']).toBeTruthy();
    for (const timeout of ['proxy-read-timeout', 'proxy-send-timeout'])
      expect(Number(annotations[`nginx.ingress.kubernetes.io/${timeout}`])).toBeGreaterThanOrEqual(3600);
    // ingress-nginx's size units: k, m, g (powers of 1024). The largest body any process takes gets through.
    const [, amount, unit] = /^(\d+)([kmg]?)$/.exec(
      annotations['nginx.ingress.kubernetes.io/proxy-body-size'],
    )!;
    const bodyBytes = Number(amount) * 1024 ** ' kmg'.indexOf(unit || ' ');
    expect(bodyBytes).toBeGreaterThanOrEqual(Math.max(API_LIMITS.bodyBytes, API_LIMITS.webhookBodyBytes));
    const backends = ingress.spec!.rules!.flatMap((rule) => rule.http.paths.map((path) => path.backend));
    expect(backends).toEqual([{ service: { name: 'gateway', port: { name: 'http' } } }]);
    expect(ingress.spec!.tls![0].secretName).toBeTruthy();
    // The host in the Ingress is the one the product builds its links with.
    const host = ingress.spec!.rules![0] as unknown as { host: string };
    expect(new URL(configMap.data!.PUBLIC_URL).host).toBe(host.host);
    expect(ingress.spec!.tls![0].hosts).toEqual([host.host]);
  });
});

describe('the servers beside the manifests', () => {
  it('runs NATS as three JetStream servers with the chart values of deploy/nats', () => {
    const values = parse(readFileSync(join(root, 'deploy/nats/values.yaml'), 'utf8')) as {
      config: { cluster: { enabled: boolean; replicas: number }; jetstream: { enabled: boolean } };
    };
    expect(values.config.cluster).toMatchObject({ enabled: true, replicas: 3 });
    expect(values.config.jetstream.enabled).toBe(true);
    const [, objects] = builds[0];
    const config = objects.find((object) => object.kind === 'ConfigMap')!;
    expect(config.data!.NATS_URL).toBe('nats://nats:4222');
  });

  it('creates every service’s database in the example CloudNativePG cluster', () => {
    const cluster = readFileSync(join(root, 'deploy/postgres/cluster.yaml'), 'utf8');
    for (const database of Object.values(SERVICE_DATABASES)) expect(cluster).toContain(database);
  });
});
