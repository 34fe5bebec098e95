/** The process's Prometheus metrics (docs/operations.md). */
export {
  createMetrics,
  type ExportObservation,
  type ImportObservation,
  type Metrics,
} from './metrics';
