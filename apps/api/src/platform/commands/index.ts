/** Writes declared once (docs/architecture.md, "A write, declared once"). */
export {
  declaredCommands,
  defineCommand,
  type Command,
  type CommandField,
  type CommandFields,
  type CommandInput,
} from './define-command';
