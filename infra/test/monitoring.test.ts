import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse, parseAllDocuments } from 'yaml';
import { metricsRegistry } from '@gallery/platform';
import { deployables, root } from './deployables.js';

// What Prometheus, Grafana and the autoscalers are given (deploy/kubernetes/monitoring), held to what the
// processes export and what docs/deploy.md explains, without a cluster.

const KUBECTL = process.env.KUBECTL_PATH ?? 'kubectl';

interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  spec?: Record<string, unknown>;
}

interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; runbook_url: string };
}

interface PodTemplate {
  spec: {
    template: {
      metadata: { labels: Record<string, string> };
      spec: { containers: { ports: { name: string }[] }[] };
    };
  };
}

function kustomize(dir: string): KubernetesObject[] {
  const output = execFileSync(KUBECTL, ['kustomize', join(root, dir)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return parseAllDocuments(output).map((document) => document.toJS() as KubernetesObject);
}

const monitoring = kustomize('deploy/kubernetes/monitoring');
const base = kustomize('deploy/kubernetes/base');
const deployDoc = readFileSync(join(root, 'docs', 'deploy.md'), 'utf8');

function one(objects: KubernetesObject[], kind: string): KubernetesObject {
  const found = objects.filter((object) => object.kind === kind);
  expect(found).toHaveLength(1);
  return found[0];
}

const rules = (one(monitoring, 'PrometheusRule').spec as { groups: { rules: AlertRule[] }[] }).groups.flatMap(
  (group) => group.rules,
);
const dashboard = JSON.parse(Object.values(one(monitoring, 'ConfigMap').data!)[0]) as {
  uid: string;
  panels: { type: string; title: string; targets?: { expr: string }[] }[];
};
const adapter = parse(
  readFileSync(join(root, 'deploy/kubernetes/monitoring/prometheus-adapter-values.yaml'), 'utf8'),
) as {
  rules: {
    custom: { seriesQuery: string; metricsQuery: string; name: { as: string } }[];
    external?: { seriesQuery: string; metricsQuery: string; name: { as: string } }[];
  };
};

/** The metric names a query reads (a histogram's _bucket, _count and _sum as the histogram). */
function metricsIn(query: string): string[] {
  const names = query.match(/\b(?:gallery|process|nodejs)_[a-z0-9_]+\b/g) ?? [];
  const histograms = new Set(
    metricsRegistry
      .getMetricsAsArray()
      .filter((metric) => metric.constructor.name === 'Histogram')
      .map((metric) => (metric as unknown as { name: string }).name),
  );
  return names.map((name) => {
    const base = name.replace(/_(bucket|count|sum)$/, '');
    return histograms.has(base) ? base : name;
  });
}

/** What docs/deploy.md's headings are linked as: GitHub's anchors, lower case, spaces as dashes. */
const anchors = new Set(
  [...deployDoc.matchAll(/^#+ (.+)$/gm)].map((match) =>
    match[1]
      .toLowerCase()
      .replace(/[^\w\s-]/g, '')
      .replace(/\s/g, '-'),
  ),
);

describe('deploy/kubernetes/monitoring', () => {
  it('builds objects that each validate against their API schemas', async () => {
    for (const object of monitoring) {
      const module = (
        object.apiVersion.startsWith('monitoring.coreos.com')
          ? await import(`@kubernetes-models/prometheus-operator/${object.apiVersion}/${object.kind}`)
          : await import(`kubernetes-models/${object.apiVersion}/${object.kind}`)
      ) as Record<string, new (data: KubernetesObject) => { validate(): void }>;
      new module[object.kind](object).validate();
    }
  });

  it("scrapes the metrics port of every process's pods", () => {
    const { selector, podMetricsEndpoints } = one(monitoring, 'PodMonitor').spec as {
      selector: { matchLabels: Record<string, string> };
      podMetricsEndpoints: { port: string; path: string }[];
    };
    expect(podMetricsEndpoints.map((endpoint) => [endpoint.port, endpoint.path])).toEqual([
      ['metrics', '/metrics'],
    ]);
    const deployments = base.filter(
      (object) => object.kind === 'Deployment',
    ) as unknown as (KubernetesObject & PodTemplate)[];
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual(
      deployables.map((deployable) => deployable.name).sort(),
    );
    for (const deployment of deployments) {
      const { metadata, spec } = deployment.spec.template;
      expect(metadata.labels).toMatchObject(selector.matchLabels);
      expect(spec.containers[0].ports.map((port) => port.name)).toContain('metrics');
    }
  });

  it('gives every alert a severity, a summary and a runbook in docs/deploy.md', () => {
    expect(rules.length).toBeGreaterThan(5);
    for (const rule of rules) {
      expect(['critical', 'warning', 'info']).toContain(rule.labels.severity);
      expect(rule.annotations.summary.length).toBeGreaterThan(10);
      const [file, anchor] = rule.annotations.runbook_url.split('#');
      expect(file).toBe('docs/deploy.md');
      expect(anchor).toBe(rule.alert.toLowerCase());
      expect(anchors).toContain(anchor);
    }
  });

  it('asks only for metrics the processes export, in the alerts, the dashboard and the adapter', () => {
    const exported = new Set(
      metricsRegistry.getMetricsAsArray().map((metric) => (metric as unknown as { name: string }).name),
    );
    const queries = [
      ...rules.map((rule) => rule.expr),
      ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
      ...adapter.rules.custom.flatMap((rule) => [rule.seriesQuery, rule.metricsQuery]),
    ];
    const asked = new Set(queries.flatMap(metricsIn));
    expect(asked.size).toBeGreaterThan(10);
    expect([...asked].filter((name) => !exported.has(name))).toEqual([]);
  });

  it("shows the night's golden signals on the dashboard: traffic, errors, latency and saturation", () => {
    const asked = new Set(
      dashboard.panels.flatMap((panel) => (panel.targets ?? []).flatMap((target) => metricsIn(target.expr))),
    );
    for (const signal of [
      'gallery_uploads_taken_total',
      'gallery_uploads_refused_total',
      'gallery_photo_processing_seconds',
      'gallery_image_queue_jobs',
      'gallery_live_sockets',
      'gallery_outbox_events',
      'gallery_consumer_pending',
    ])
      expect(asked).toContain(signal);
    expect(dashboard.uid).toBeTruthy();
  });

  it('serves the autoscalers exactly the custom metrics they ask for', () => {
    const asked = base
      .filter((object) => object.kind === 'HorizontalPodAutoscaler')
      .flatMap((hpa) => (hpa.spec as { metrics: { pods?: { metric: { name: string } } }[] }).metrics)
      .flatMap((metric) => (metric.pods ? [metric.pods.metric.name] : []));
    expect(adapter.rules.custom.map((rule) => rule.name.as).sort()).toEqual(asked.sort());
    // And the one external metric (the faces backlog: one figure for the whole deployment).
    const external = base
      .filter((object) => object.kind === 'HorizontalPodAutoscaler')
      .flatMap((hpa) => (hpa.spec as { metrics: { external?: { metric: { name: string } } }[] }).metrics)
      .flatMap((metric) => (metric.external ? [metric.external.metric.name] : []));
    expect((adapter.rules.external ?? []).map((rule) => rule.name.as).sort()).toEqual(external.sort());
  });
});
