;;; seams-timers-eglot.el --- seams-timers lsp through Eglot  -*- lexical-binding: t; -*-

;; Eglot (built into Emacs 29; the `eglot' package from GNU ELPA, or
;; Debian's elpa-eglot, for Emacs 26.3 to 28) talks to `seams-timers lsp':
;; findings as you type (Flymake), the fixes and a suppression comment as
;; code actions (M-x eglot-code-actions), next firings on hover (ElDoc).
;;
;;   (add-to-list 'load-path "~/src/seams-timers/editors/emacs")
;;   (require 'seams-timers-eglot)
;;   (add-hook 'nxml-mode-hook #'seams-timers-eglot-ensure)
;;
;; BPMN models open in nxml-mode (the `auto-mode-alist' entries below);
;; index graphs (*.ttl, *.nt) in `seams-timers-graph-mode', a plain mode
;; of this file, unless a Turtle mode is installed (ttl-mode,
;; turtle-mode), which is then served too.  This file leaves the Flymake
;; backend of seams-timers.el alone: use one or the other in a buffer.

;;; Code:

(require 'eglot)

(defgroup seams-timers-eglot nil
  "seams-timers lsp through Eglot."
  :group 'tools)

(defcustom seams-timers-eglot-command '("seams-timers" "lsp")
  "The command that runs the language server."
  :type '(repeat string))

(defcustom seams-timers-eglot-inlay-hints nil
  "Non-nil asks the server for inlay hints with the next firing."
  :type 'boolean)

(define-derived-mode seams-timers-graph-mode prog-mode "Graph"
  "A plain mode for Turtle and N-Triples index graphs."
  (setq-local comment-start "# "))

(add-to-list 'auto-mode-alist '("\\.bpmn\\'" . nxml-mode))
(add-to-list 'auto-mode-alist '("\\.bpmn20\\.xml\\'" . nxml-mode))
(unless (or (fboundp 'ttl-mode) (fboundp 'turtle-mode))
  (add-to-list 'auto-mode-alist '("\\.\\(ttl\\|nt\\)\\'" . seams-timers-graph-mode)))

(defun seams-timers-eglot--contact (&optional _interactive)
  "The server's command and its initializationOptions."
  (append seams-timers-eglot-command
          (list :initializationOptions
                (list :inlayHints (if seams-timers-eglot-inlay-hints t :json-false)))))

(add-to-list 'eglot-server-programs
             (cons '(nxml-mode seams-timers-graph-mode ttl-mode turtle-mode)
                   #'seams-timers-eglot--contact))

(defun seams-timers-eglot-ensure ()
  "Start Eglot in a BPMN model or an index graph, and nowhere else."
  (when (and buffer-file-name
             (string-match-p "\\.\\(bpmn\\|bpmn20\\.xml\\|ttl\\|nt\\)\\'" buffer-file-name))
    (eglot-ensure)))

(add-hook 'seams-timers-graph-mode-hook #'seams-timers-eglot-ensure)

(provide 'seams-timers-eglot)
;;; seams-timers-eglot.el ends here
