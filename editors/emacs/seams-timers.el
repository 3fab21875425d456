;;; seams-timers.el --- seams-timers for M-x compile and Flymake  -*- lexical-binding: t; -*-

;; Put this file on `load-path' and add to your init file:
;;
;;   (require 'seams-timers)
;;   (add-to-list 'auto-mode-alist '("\\.bpmn\\'" . nxml-mode))
;;   (add-hook 'nxml-mode-hook #'seams-timers-setup)
;;   (add-hook 'nxml-mode-hook #'flymake-mode 90)  ; optional, runs after
;;
;; M-x compile RET seams-timers check --color never . RET, then
;; `next-error' (C-x `) visits every finding; it skips info findings
;; unless `compilation-skip-threshold' is 0.  In a BPMN buffer, Flymake
;; checks the buffer as it is, unsaved edits included: the buffer goes to
;; seams-timers on stdin, named by --stdin-filename, so the config and the
;; index graph are found from the buffer's path.
;;
;; seams-timers prints byte columns.  Flymake converts them to characters
;; here; M-x compile counts characters in BPMN buffers set up by
;; `seams-timers-setup' (tabs are one column), so only a line with
;; non-ASCII text before a finding puts the cursor late there.
;;
;; Tested with Emacs 28.2 (Debian 12) by scripts/editors-check.sh.

;;; Code:

(require 'compile)
(require 'flymake)
(require 'subr-x)

(defgroup seams-timers nil
  "Check BPMN timer definitions with seams-timers."
  :group 'tools)

(defcustom seams-timers-program "seams-timers"
  "The seams-timers executable."
  :type 'string)

(defcustom seams-timers-flymake-args
  '("check" "--color" "never" "--show-source=false" "--quiet")
  "Arguments before --stdin-filename FILE - for the Flymake backend."
  :type '(repeat string))

(defconst seams-timers-line-regexp
  (concat "^\\(.+?\\):\\([0-9]+\\):\\([0-9]+\\): "
          "\\(?:\\(error\\)\\|\\(warning\\)\\|\\(info\\)\\): "
          "\\(.*\\)$")
  "A finding: path:line:col: severity: message [ID name].
Groups: 1 file, 2 line, 3 column (1-based), 4 error, 5 warning,
6 info, 7 message with its [ID name].")

;;;; M-x compile

;; TYPE (5 . 6): a warning when group 5 matched, info when group 6 did,
;; an error otherwise.  Columns are 1-based, as `compilation-first-column'
;; (1) expects.
(add-to-list 'compilation-error-regexp-alist-alist
             `(seams-timers ,seams-timers-line-regexp 1 2 3 (5 . 6)))
(add-to-list 'compilation-error-regexp-alist 'seams-timers)

;;;; Flymake

(defvar-local seams-timers--flymake-proc nil)

(defun seams-timers--char-column (buffer line col)
  "The 1-based character column in BUFFER of byte column COL on LINE."
  (with-current-buffer buffer
    (save-excursion
      (save-restriction
        (widen)
        (goto-char (point-min))
        (forward-line (1- line))
        (let* ((bol (point))
               (pos (byte-to-position (+ (position-bytes bol) (max 0 (1- col))))))
          (1+ (- (min (or pos (line-end-position)) (line-end-position)) bol)))))))

(defun seams-timers-parse (output file source)
  "Return Flymake diagnostics for SOURCE from seams-timers OUTPUT.
Only the lines that name FILE count."
  (let (diags)
    (with-temp-buffer
      (insert output)
      (goto-char (point-min))
      (while (re-search-forward seams-timers-line-regexp nil t)
        (when (string= (match-string 1) file)
          (let* ((line (string-to-number (match-string 2)))
                 (col (seams-timers--char-column
                       source line (string-to-number (match-string 3))))
                 (type (cond ((match-beginning 5) :warning)
                             ((match-beginning 6) :note)
                             (t :error)))
                 (text (match-string 7))
                 (region (flymake-diag-region source line col)))
            (when region
              (push (flymake-make-diagnostic source (car region) (cdr region)
                                             type text)
                    diags))))))
    (nreverse diags)))

(defun seams-timers-flymake (report-fn &rest _args)
  "Flymake backend: check the buffer with seams-timers, report to REPORT-FN."
  (unless (executable-find seams-timers-program)
    (error "Cannot find %s" seams-timers-program))
  (when (process-live-p seams-timers--flymake-proc)
    (kill-process seams-timers--flymake-proc))
  (let ((source (current-buffer))
        (file (or buffer-file-name (expand-file-name (buffer-name)))))
    (save-restriction
      (widen)
      (setq seams-timers--flymake-proc
            (make-process
             :name "seams-timers-flymake" :noquery t :connection-type 'pipe
             :coding 'utf-8-unix
             :buffer (generate-new-buffer " *seams-timers-flymake*")
             :command `(,seams-timers-program ,@seams-timers-flymake-args
                                              "--stdin-filename" ,file "-")
             :sentinel
             (lambda (proc _event)
               (when (memq (process-status proc) '(exit signal))
                 (unwind-protect
                     (if (not (eq proc (buffer-local-value
                                        'seams-timers--flymake-proc source)))
                         (flymake-log :warning "Canceling obsolete check %s" proc)
                       (let ((output (with-current-buffer (process-buffer proc)
                                       (buffer-string))))
                         ;; Exit 1 means findings; 2 and 3 are failures.
                         (if (memq (process-exit-status proc) '(0 1))
                             (funcall report-fn
                                      (seams-timers-parse output file source))
                           (funcall report-fn :panic
                                    :explanation
                                    (format "seams-timers exited %d: %s"
                                            (process-exit-status proc)
                                            (string-trim output))))))
                   (kill-buffer (process-buffer proc)))))))
      (process-send-region seams-timers--flymake-proc (point-min) (point-max))
      (process-send-eof seams-timers--flymake-proc))))

(defun seams-timers-setup ()
  "Set up a BPMN buffer: the Flymake backend, and character columns.
Does nothing in other buffers, so it can go on `nxml-mode-hook'."
  (when (and buffer-file-name
             (string-match-p "\\.bpmn\\(?:20\\.xml\\)?\\'" buffer-file-name))
    ;; M-x compile: a column counts characters here, not 8-wide tabs.
    (setq-local compilation-error-screen-columns nil)
    (add-hook 'flymake-diagnostic-functions #'seams-timers-flymake nil t)))

(provide 'seams-timers)
;;; seams-timers.el ends here
