/** Writes declared once (docs/architecture.md, "A write, declared once"). */
export {
  declaredCommands,
  declaredEvents,
  defineCommand,
  inputObject,
  type AnswerValue,
  type AnyCommand,
  type Command,
  type CommandAnswer,
  type CommandAudit,
  type CommandEnv,
  type CommandEvents,
  type CommandField,
  type CommandFields,
  type CommandInput,
  type CommandScope,
  type CommandValue,
  type HandledCommand,
  type InputShape,
  type Refreshes,
} from './define-command';
export {
  eventWriter,
  type AuditChange,
  type AuditInput,
  type AuditWriter,
  type Audited,
  type EventWriter,
} from './audited';
export { assertAudited, runAs, runCommand } from './run-command';
